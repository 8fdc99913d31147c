[$a, [$b, $c]] = [1, [2, 3]]
notice($a, $b, $c)
