Enum['a', 'b'].each |$x| { notice($x) }
