function f($a, $b, $a) { 1 }
