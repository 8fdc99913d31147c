(-3).each |$x| { notice($x) }
notice('after')
