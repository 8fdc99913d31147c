notice([1, 2, 3, 4].filter |$x| { $x % 2 == 0 })
notice({a => 1, b => 2}.filter |$k, $v| { $v > 1 })
notice([1, 2, 3].reduce |$m, $x| { $m + $x })
notice([1, 2, 3].reduce(10) |$m, $x| { $m + $x })
