$x = Integer[1, 900].reduce(1) |$m, $i| { [$m] }
notice($x.length)
notice(String($x).length)
notice($x == $x)
