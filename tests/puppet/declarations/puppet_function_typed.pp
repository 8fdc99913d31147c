function mymod::double(Integer $x) >> Integer { $x * 2 }
function add(Numeric $a, Numeric $b = 10) { $a + $b }
notice(mymod::double(21))
notice(add(1))
notice(add(1, 2.5))
