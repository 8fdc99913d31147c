$x = 5
$a = [7,8]
notice("${1 + 0}")
notice("${x}")
notice("${a[1]}")
notice("${a.size}")
notice("${x == 5}")
notice("${1e3 + 0}")
notice("${a[0] + 1}")
notice("${x.then |$v| { $v * 2 }}")
