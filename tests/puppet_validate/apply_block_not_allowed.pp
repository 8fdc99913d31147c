apply($x) { }
