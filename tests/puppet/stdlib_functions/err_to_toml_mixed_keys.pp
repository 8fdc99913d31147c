notice(to_toml({'a' => 1, 2 => 'b'}))
