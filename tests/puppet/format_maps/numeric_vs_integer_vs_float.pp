$f = { Numeric => '%.1f', Integer => '%#b' }
notice(String(3, $f))
notice(String(3.25, $f))
$g = { Numeric => '%e' }
notice(String(3, $g))
notice(String(3.25, $g))
