$x = Integer[1, 100].reduce({a => 1}) |$m, $i| { {a => $m} }
notice($x =~ Data)
notice($x =~ Hash[String, Data])
