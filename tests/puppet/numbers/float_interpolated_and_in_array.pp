$f = 1e15
$g = 0.5
notice("${f} ${g} $g")
notice([$f, $g, 2.0])
notice({ 'f' => 1e-7 })
