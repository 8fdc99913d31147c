class typed(Integer $p) { }
class { 'typed': p => 'x' }
