# Only the code that declared a resource, or a class inheriting it, may override it.
notify { 'x': }
class a { Notify['x'] { message => 'over' } }
include a
