function f(Array[String, 2, 3] $a) { $a }
notice(f(['a']))
