with() |$x| { notice($x) }
