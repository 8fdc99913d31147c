$h = { 'a' => 1, 'b' => 2, 'c' => 3 }
notice($h - 'a')
notice($h - ['a', 'b'])
notice($h - { 'c' => 99 })
notice($h - 'zz')
