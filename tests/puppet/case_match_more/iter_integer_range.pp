Integer[2, 4].each |$x| { notice($x) }
notice(Integer[3, 5].map |$x| { $x * 2 })
