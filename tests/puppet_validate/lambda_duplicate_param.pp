[1].each |$a, $a| { notice($a) }
