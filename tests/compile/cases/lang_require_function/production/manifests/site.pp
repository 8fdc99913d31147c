# require() adds the class to the calling resource's require parameter.
class a {}
class b {}
class c { require a
  require [b] }
define d { require a }
include c
d { 'x': require => Class['b'] }
d { 'y': }
require b
