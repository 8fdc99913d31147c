notice('abc' =~ 'b.')
notice('a.c' =~ '^a\.c$')
$p = '^x+$'
notice('xxx' =~ $p)
