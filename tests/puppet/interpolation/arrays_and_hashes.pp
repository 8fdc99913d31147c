$a = [1, 'two', 3.0, [4, 'five'], undef, true]
$h = {'k' => 'v', 1 => [2], 'n' => undef}
notice("${a}")
notice("${h}")
notice("${[]} ${{}}")
