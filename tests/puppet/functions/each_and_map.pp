[1, 2].each |$x| { notice($x) }
notice([1, 2].map |$x| { $x * 2 })
notice({a => 1}.map |$k, $v| { "${k}${v}" })
