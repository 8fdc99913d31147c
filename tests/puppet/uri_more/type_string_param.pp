notice(URI['http://a.com'])
notice(URI('http://a.com/x') =~ URI['http://a.com'])
