class foo { $a = 1 $b = 2 }
include foo
[$a, $b] = Class[foo]
notice($a, $b)
[$c] = 3
notice($c)
