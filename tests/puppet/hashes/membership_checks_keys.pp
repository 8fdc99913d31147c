notice(a in {a => 1}, 1 in {a => 1}, 'A' in {'a' => 1})
