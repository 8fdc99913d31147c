$x = 1
$y = 'two'
$z = [$x, $y]
notice($x)
notice($z)
