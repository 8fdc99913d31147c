notice(Integer[1, 3].reverse_each.map |$x| { $x })
notice(Enum['x', 'y'].reverse_each.map |$x| { $x })
