[1].each |*$a, $b| { notice($b) }
