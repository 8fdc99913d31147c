$x = 'top'
class c { $y = 'cy' }
include c
notice("${::x} ${c::y} $::x $c::y")
