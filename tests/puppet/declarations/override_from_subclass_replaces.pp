# A subclass's override replaces a parameter already set; the declaring code may add new ones.
class base { notify { 'x': message => 'base' } }
class sub inherits base { Notify['x'] { message => 'sub' } }
include sub
notify { 'n': message => 'a' }
Notify['n'] { loglevel => 'notice' }
