$h = { 'a' => 1, 'b' => { 'c' => [10, 20] } }
notice($h['a'])
notice($h['b']['c'][1])
notice($h[b][c][-1])
