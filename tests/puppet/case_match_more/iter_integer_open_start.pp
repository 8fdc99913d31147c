Integer[default, 3].each |$x| { notice($x) }
