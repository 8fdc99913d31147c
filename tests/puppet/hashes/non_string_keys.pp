$h = {1 => 'int', 1.0 => 'float', [1] => 'array', true => 'bool'}
notice($h)
notice($h[1], $h[1.0], $h[[1]], $h[true])
