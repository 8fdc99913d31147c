[$a, $b] = { 'a' => 1, 'b' => 2, 'c' => 3 }
notice($a)
notice($b)
