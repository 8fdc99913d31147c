notice(Hash(Integer[1, 4]))
notice(Hash({a => 1, b => 2}.map |$k, $v| { [$v, $k] }))
