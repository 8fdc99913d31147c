$x = 'q'
notice($x ? { 'a' => 1, 'b' => 2 })
