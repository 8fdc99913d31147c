$u = URI('http://[::1]:8080/x')
notice($u.host)
notice($u.port)
notice($u)
