notice([1, 2, 3, 4].group_by |$x| { $x % 2 })
notice(["a", "b"].group_by |$i, $x| { $i })
notice({a => 1, b => 2, c => 1}.group_by |$k, $v| { $v })
notice({a => 1}.group_by |$kv| { $kv[0] })
