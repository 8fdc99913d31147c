notice(URI('http://example.com/a b'))
