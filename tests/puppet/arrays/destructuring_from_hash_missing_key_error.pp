[$a, $z] = { 'a' => 1, 'b' => 2 }
notice($z)
