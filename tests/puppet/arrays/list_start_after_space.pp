$a = [1, 2]
notice($a)
[3, 4].each |$x| { notice($x) }
