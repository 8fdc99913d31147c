notice([1, 2] << 3)
notice([1, 2] << [3, 4])
notice([] << undef)
$a = [1]
$b = $a << 2
notice($a)
notice($b)
