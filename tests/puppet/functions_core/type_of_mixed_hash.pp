notice(type({1 => 'a', 'b' => 2}))
