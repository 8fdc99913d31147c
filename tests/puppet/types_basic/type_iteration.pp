Integer[1, 3].each |$x| { notice($x) }
Enum['b', 'a'].each |$x| { notice($x) }
