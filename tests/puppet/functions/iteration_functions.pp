notice([1, 2, 3].map |$x| { $x * 2 })
notice([1, 2, 3, 4].filter |$x| { $x % 2 == 0 })
notice([1, 2, 3].reduce |$m, $x| { $m + $x })
notice({ 'a' => 1 }.map |$k, $v| { "${k}:${v}" })
