$h = {'a' => 1, 'A' => 2}
notice($h['a'], $h['A'], $h)
