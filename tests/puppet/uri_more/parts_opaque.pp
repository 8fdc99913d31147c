$u = URI('mailto:bob@example.com')
notice($u.scheme)
notice($u.opaque)
notice($u.path)
