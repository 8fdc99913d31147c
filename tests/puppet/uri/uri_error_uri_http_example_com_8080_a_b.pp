notice(URI('http://Example.COM:8080/a b'))
