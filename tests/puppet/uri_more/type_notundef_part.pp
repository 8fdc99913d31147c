$t = URI[{scheme => NotUndef, host => NotUndef}]
notice(URI('http://a.com') =~ $t)
notice(URI('a/b') =~ $t)
notice($t)
