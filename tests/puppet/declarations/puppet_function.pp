function f($x) { $x + 1 }
notice(f(2))
