notice(URI('http://a.com/x/y') + 'z')
notice(URI('http://a.com/x/y') + '/z')
notice(URI('http://a.com/x/') + URI('../q?r'))
