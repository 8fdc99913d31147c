$p = '^a.+z$'
notice('abcz' =~ $p)
