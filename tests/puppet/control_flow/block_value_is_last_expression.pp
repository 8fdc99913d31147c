$x = if true { $a = 1; $a + 1 }
notice($x)
$y = if true { notice('side') 7 }
notice($y)
