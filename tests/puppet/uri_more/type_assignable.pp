notice(URI[{scheme => 'http'}] <= URI)
notice(URI <= URI[{scheme => 'http'}])
notice(URI[{scheme => 'http', host => 'a'}] <= URI[{scheme => 'http'}])
