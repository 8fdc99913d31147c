notice(5 ? { 1 => 'a', 2 => 'b' })
