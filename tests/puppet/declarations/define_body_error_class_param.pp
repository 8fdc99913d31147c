class c($p) { }
define d() { class { 'c': p => 1, q => 2 } }
d { 'x': }
