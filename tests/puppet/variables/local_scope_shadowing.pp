$x = 'outer'
[1].each |$i| { $x = 'inner' notice($x) }
notice($x)
