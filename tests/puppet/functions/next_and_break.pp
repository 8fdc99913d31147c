notice([1, 2, 3, 4].map |$x| { if $x == 2 { next(20) } $x })
[1, 2, 3].each |$x| { if $x == 2 { break() } notice($x) }
