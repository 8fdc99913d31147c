[1, 2].each |Integer $x| { notice($x) }
['a'].each |Integer $x| { notice($x) }
