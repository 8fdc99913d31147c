notice({ key1 => 'val1', key2 => 'val2', })
notice({ 'a' => 1, } == { 'a' => 1 })
