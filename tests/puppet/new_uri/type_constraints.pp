$t = URI[scheme => Enum[http, https], query => Undef, fragment => Undef]
notice(URI('http://x.org/a') =~ $t)
notice(URI('http://x.org/a?q') =~ $t)
notice(URI('ftp://x.org/a') =~ $t)
$p = URI[host => NotUndef, path => NotUndef]
notice(URI('http://x.org/a') =~ $p)
notice(URI('/a') =~ $p)
notice(URI('/a/b') =~ URI[path => /^\//])
notice(URI('a/b') =~ URI[path => /^\//])
notice(URI('http://x.org:80/') =~ URI[port => Integer[1, 100]])
