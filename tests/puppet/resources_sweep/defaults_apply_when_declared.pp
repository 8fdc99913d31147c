# Resource defaults are given when a resource is created: a default written
# after a declaration does not reach it, a defined type's parameters take them.
define mt($x = 'def') { notice("x=${x}") }
Mt { x => 'resdef' }
mt { 'a': }
notify { 'early': }
class c { notify { 'inc': } }
include c
Notify { message => 'm' }
notify { 'late': }
