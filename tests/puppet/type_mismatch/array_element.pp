function f(Array[Integer] $a) { $a }
notice(f(['a']))
