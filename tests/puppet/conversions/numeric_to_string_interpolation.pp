$i = 0x1F
$o = 017
$f = 2.50
$e = 1.5e3
notice("${i} ${o} ${f} ${e}")
