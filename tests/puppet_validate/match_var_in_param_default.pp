define d($x = $1) { }
