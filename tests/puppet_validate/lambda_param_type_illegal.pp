[1].each |1 $x| { }
