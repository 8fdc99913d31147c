class a { $x = 'from a' }
include a
notice($a::x)
notice($::a::x)
