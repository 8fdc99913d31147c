notice('a' =~ /a/m)
