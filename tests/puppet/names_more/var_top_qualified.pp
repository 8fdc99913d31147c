$x = 1
notice($::x)
class c { notice($::x) }
include c
