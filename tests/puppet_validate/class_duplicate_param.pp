class foo(Integer $x, String $y, $x = 1) {}
