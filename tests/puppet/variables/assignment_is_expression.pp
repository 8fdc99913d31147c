notice($a = 3)
notice($a)
$b = $c = 4
notice($b, $c)
