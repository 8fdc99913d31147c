$f = 1.0
notice("${f}")
notice(String($f))
notice(String($f, '%p'))
notice(String($f, '%s'))
notice([$f, 0.1, 1.5e-7, 1.0e20])
$g = 1.0e20
$h = 1.5e-7
notice("${g} ${h} ${-0.0}")
