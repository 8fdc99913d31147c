type P = Missing
define d(P $x) { notice($x) }
d { 'a': x => 1 }
