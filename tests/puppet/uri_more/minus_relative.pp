notice(URI('http://a.com/x/y/z') - URI('http://a.com/x/'))
