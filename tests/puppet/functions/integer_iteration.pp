3.each |$i| { notice($i) }
notice(Integer[2, 4].map |$i| { $i })
