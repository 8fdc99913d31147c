$h = { 'z' => 1, 'a' => 2, 'm' => 3 }
notice($h)
notice(keys($h))
$h2 = $h + { 'a' => 20, 'b' => 4 }
notice($h2)
