notice({ key1 => 'val1', key2 => 'val2', })
