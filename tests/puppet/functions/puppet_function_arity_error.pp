function f($a) { $a }
notice(f())
