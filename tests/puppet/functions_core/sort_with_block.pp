notice(sort([1, 3, 2]) |$a, $b| { compare($b, $a) })
