$u = URI('http://[::1]:8080/x')
notice($u.host, $u.port)
notice(URI('http://example.com/').port =~ Undef)
notice(URI('https://example.com/'))
