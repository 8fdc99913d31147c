notice(URI('HTTP://a') =~ URI[{scheme => 'http'}])
