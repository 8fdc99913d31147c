function f(Optional[Integer[1,3]] $a) { $a }
notice(f(5))
