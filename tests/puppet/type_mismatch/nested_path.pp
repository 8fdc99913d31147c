function f(Hash[String, Array[Integer]] $a) { $a }
notice(f({k => [1, 2, 'x']}))
