Integer[1].each |$x| { notice($x) }
