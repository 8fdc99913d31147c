notice(URI('http://a')[0])
