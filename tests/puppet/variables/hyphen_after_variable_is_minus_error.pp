$a = 10
$b = 3
notice($a-b)
notice($a - $b)
