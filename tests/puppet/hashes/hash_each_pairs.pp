{'a' => 1, 'b' => 2}.each |$k, $v| { notice("${k}=${v}") }
$single = {'x' => 9}
$single.each |$pair| { notice($pair) }
