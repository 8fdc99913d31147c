$t = URI[{host => Undef}]
notice(URI('a/b') =~ $t)
notice(URI('http://x') =~ $t)
notice($t)
