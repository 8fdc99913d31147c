notice(URI('http://a b'))
