$u = URI('http://a.com/')
notice($u.port)
notice(type($u.port))
