notice(URI('http://a.com/') == 'http://a.com/')
notice('http://a.com/' == URI('http://a.com/'))
