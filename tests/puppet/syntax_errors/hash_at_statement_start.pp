{'x' => 9}.each |$pair| { notice($pair) }
