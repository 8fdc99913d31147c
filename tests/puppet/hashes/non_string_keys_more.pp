$h = { 1 => 'int', [1, 2] => 'array', 1.5 => 'float', true => 'bool', undef => 'undef' }
notice($h)
notice($h[1])
notice($h[[1, 2]])
notice($h[true])
notice($h['1'] =~ Undef)
