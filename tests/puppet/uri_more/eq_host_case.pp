notice(URI('http://EXAMPLE.com/') == URI('http://example.com/'))
notice(URI('http://EXAMPLE.com/'))
