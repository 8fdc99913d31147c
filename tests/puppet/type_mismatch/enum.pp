function f(Enum[a, b] $a) { $a }
notice(f('c'))
