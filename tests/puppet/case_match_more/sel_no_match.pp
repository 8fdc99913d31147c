notice(5 ? { 1 => 'one', 2 => 'two' })
