{'a' => 1, 'b' => 2}.each |$k, $v| { notice("${k}=${v}") }
{'x' => 9}.each |$pair| { notice($pair) }
