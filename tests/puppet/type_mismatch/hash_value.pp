function f(Hash[String, Integer] $a) { $a }
notice(f({a => 'x'}))
