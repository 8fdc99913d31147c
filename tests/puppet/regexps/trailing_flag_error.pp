notice('a' =~ /a/i)
