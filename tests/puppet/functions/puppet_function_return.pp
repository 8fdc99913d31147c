function first_even($list) { $list.each |$x| { if $x % 2 == 0 { return($x) } } undef }
notice(first_even([1, 3, 4, 6]))
