$u = URI('https://a.com:443/x')
notice($u)
notice($u.port)
notice($u == URI('https://a.com/x'))
