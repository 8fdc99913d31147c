[$a, $b, $c] = [1, 'two', [3]]
notice($a, $b, $c)
