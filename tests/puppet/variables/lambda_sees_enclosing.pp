$base = 10
notice([1, 2].map |$i| { $i + $base })
