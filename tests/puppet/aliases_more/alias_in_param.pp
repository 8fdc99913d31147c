type Pos = Integer[1]
define d(Pos $n) { notice($n) }
d { 'x': n => 3 }
d { 'y': n => 0 }
