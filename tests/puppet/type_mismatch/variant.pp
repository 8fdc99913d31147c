function f(Variant[Integer, Boolean] $a) { $a }
notice(f('x'))
