$a = { 'x' => 1, 'y' => 2 }
$b = { 'y' => 20, 'z' => 30 }
notice($a + $b)
notice($b + $a)
notice($a + {})
notice({ 'a' => 1 } + ['b', 2])
notice({ 'a' => 1 } + [['b', 2], ['c', 3]])
