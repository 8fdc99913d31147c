notice(4 /2)
notice('a' =~ /a)
