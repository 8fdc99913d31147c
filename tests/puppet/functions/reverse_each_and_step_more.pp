notice([1, 2, 3].reverse_each.map |$x| { $x * 100 })
notice(Integer[1, 5].map |$x| { $x })
