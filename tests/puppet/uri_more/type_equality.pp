notice(URI[{scheme => 'http'}] == URI[{scheme => 'http'}])
notice(URI['http://a'] == URI[{scheme => 'http', host => 'a'}])
