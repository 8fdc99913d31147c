# Unknown variables, plain, interpolated and qualified.
notice($nope)
notice("${nope2}")
class c { }
notice($c::x)
notice(defined('$nope'))
