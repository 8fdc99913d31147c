notice(URI('HTTP://example.com/') == URI('http://example.com/'))
notice(URI('HTTP://example.com/'))
