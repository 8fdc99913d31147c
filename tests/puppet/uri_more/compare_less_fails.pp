notice(URI('http://a') < URI('http://b'))
