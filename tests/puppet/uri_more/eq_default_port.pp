notice(URI('http://a.com:80/') == URI('http://a.com/'))
notice(URI('http://a.com:80/'))
