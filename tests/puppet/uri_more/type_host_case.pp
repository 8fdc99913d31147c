notice(URI('http://A.com') =~ URI[{host => 'a.com'}])
notice(URI('http://a.com') =~ URI[{host => 'A.com'}])
