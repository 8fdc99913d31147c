# A qualified variable of a class is also one its ancestors set.
class p { $v = 'from-params' }
class c inherits p { $own = 1 }
include c
notice("q=${c::v}")
notice(defined('$c::v'))
class gc inherits c { }
include gc
notice("g=${gc::v} ${gc::own}")
