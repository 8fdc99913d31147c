class a { $x = 'from a' }
notice($a::x)
include a
notice($a::x)
