notice([1, 2, 3].reverse_each.map |$x| { $x })
notice([1, 2, 3, 4, 5].step(2).map |$x| { $x })
