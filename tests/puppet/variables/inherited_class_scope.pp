class parent { $p = 'from parent' }
class child inherits parent { notice($p) }
include child
