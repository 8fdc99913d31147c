function f(Struct[{a => Integer}] $a) { $a }
notice(f({a => 1, z => 2}))
