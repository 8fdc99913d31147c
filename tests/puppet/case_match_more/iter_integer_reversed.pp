Integer[4, 2].each |$x| { notice($x) }
