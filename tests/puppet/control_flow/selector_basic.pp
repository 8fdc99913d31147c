$x = 'b'
notice($x ? { 'a' => 1, 'b' => 2, default => 3 })
notice('z' ? { 'a' => 1, default => 'dflt' })
notice('A' ? { 'a' => 'case-insensitive', default => 'no' })
