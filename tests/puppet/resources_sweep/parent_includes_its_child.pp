# A parent class that includes its child, as magnum::clients does: the child
# is evaluated once, after its parent.
class p { notice('p') include c }
class c inherits p { notice('c') notify { 'once': } }
include c
