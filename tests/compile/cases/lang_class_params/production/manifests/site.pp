class c($a = 1, $b = 2, $c = undef) { notify { "c ${a} ${b}": } }
define d($x = 'X', $y = 'Y') { notify { "d ${title} ${x} ${y}": } }
class { 'c': b => 5, require => Notify['n'], a => 3 }
d { 't': y => 'given', tag => 't1', before => Notify['n'] }
notify { 'n': }
tag('toptag')
notify { 'after': }
