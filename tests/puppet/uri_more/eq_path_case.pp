notice(URI('http://a.com/X') == URI('http://a.com/x'))
