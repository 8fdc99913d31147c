notice(URI('http://a.com') =~ URI[{scheme => 'http'}])
notice(URI('https://a.com') =~ URI[{scheme => 'http'}])
notice(URI[{scheme => 'http'}])
