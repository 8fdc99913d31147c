notice({ 'a b' => 'c d', 'n' => 1, 'l' => [1, 'x'], 'h' => { 'i' => 'j' } })
notice({ 1 => 2 })
notice({ [1] => { } })
