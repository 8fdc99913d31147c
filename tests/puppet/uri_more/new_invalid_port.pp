notice(URI('http://a:xx/'))
