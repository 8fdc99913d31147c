notice(URI('http://example.com:abc/'))
