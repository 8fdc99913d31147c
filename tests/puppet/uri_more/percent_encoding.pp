$u = URI('http://a.com/a%20b')
notice($u.path)
notice($u)
