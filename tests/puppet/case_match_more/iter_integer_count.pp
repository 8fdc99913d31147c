3.each |$x| { notice($x) }
notice(3.map |$i| { $i })
