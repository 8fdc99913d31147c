define d(URI[{scheme => 'http'}] $u) { notice($u) }
d { 'x': u => URI('http://a') }
d { 'y': u => URI('ftp://a') }
