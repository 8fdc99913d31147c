$a = [1]
notice(to_yaml([$a, $a]))
$h = {'k' => [$a]}
notice(to_yaml({'one' => $h, 'two' => $h, 'three' => $a}))
notice(to_yaml([[], [], {}, {}]))
