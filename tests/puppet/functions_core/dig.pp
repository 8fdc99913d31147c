$d = {a => [1, {b => 'deep'}]}
notice($d.dig(a, 1, b), $d.dig(a, 5, b), dig($d, x))
