class c { $x = 1 }
include c
notice($C::x)
