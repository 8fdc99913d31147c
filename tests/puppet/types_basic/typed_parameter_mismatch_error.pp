class c(Integer $n) { notice($n) }
class { 'c': n => 'not a number' }
