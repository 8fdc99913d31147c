$h = { 'a' => 1, 'b' => 'two', 'c' => [3], 'd' => { 'e' => undef } }
notice("${h}")
notice("${{}}")
