$u = URI('HTTPS://Host.Example:443/')
notice($u.scheme)
notice($u.host)
notice($u.port)
