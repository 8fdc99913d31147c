notice({})
notice({ 'a' => 1, 'b' => 2 })
notice({ key1 => 'val1', key2 => 'val2' })
