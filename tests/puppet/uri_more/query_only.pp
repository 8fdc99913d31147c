$u = URI('?q=1')
notice($u.query)
notice($u.path)
notice($u)
