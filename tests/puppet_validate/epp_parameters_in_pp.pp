notice(1)
$x = epp('x')
