type P = Object[{attributes => {s => String, n => Integer, l => Array[Integer]}}]
$p = P('x', 1, [2, 3])
notice(String($p))
notice(String($p, '%p'))
notice("interp: ${p}")
notice({'k' => $p})
notice(sprintf('%s', $p))
