class k(Array[Integer] $list) { }
class { 'k': list => [1, 'two'] }
