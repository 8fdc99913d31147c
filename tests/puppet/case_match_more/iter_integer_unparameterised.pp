Integer.each |$x| { notice($x) }
