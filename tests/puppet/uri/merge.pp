$b = URI('https://example.com/a/b')
notice($b + '/c/d', $b + 'c/d', $b + '../x', $b + URI('http://other/p'))
