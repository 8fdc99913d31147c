notice([1, 2, 3, 4].partition |$x| { $x % 2 == 0 })
notice([5, 6].partition |$i, $x| { $i == 0 })
notice({a => 1, b => 2}.partition |$kv| { $kv[1] > 1 })
notice({a => 1, b => 2}.partition |$k, $v| { $k == "a" })
