$a = false and fail('not evaluated')
$b = true or fail('not evaluated')
notice($a, $b)
