$u = URI('ftp://a.com:21/f')
notice($u)
notice($u.port)
