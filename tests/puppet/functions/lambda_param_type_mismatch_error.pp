with('a') |Integer $x| { notice($x) }
