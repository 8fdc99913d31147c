function f(Struct[{a => Integer, b => String}] $a) { $a }
notice(f({a => 'x', b => 'y'}))
