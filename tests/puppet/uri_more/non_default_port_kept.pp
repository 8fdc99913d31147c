$u = URI('http://a.com:8080/')
notice($u)
notice($u == URI('http://a.com/'))
