define d($p = [1], $host = 'h') { notice($p) notice($host) }
define e($p = undef, $host = undef) { d { 'y': p => $p, host => $host } }
e { 'x': }
class c($q = 5, $r = undef) { notice($q) notice($r) }
class { 'c': q => undef, r => undef }
