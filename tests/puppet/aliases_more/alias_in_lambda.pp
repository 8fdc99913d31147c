type Pos = Integer[1]
[1, 2].each |Pos $x| { notice($x) }
[0].each |Pos $x| { notice($x) }
