$v = 2
notice($v ? { 2 => 'two', default => 'other' })
notice(1 + $v ? { 2 => 10, default => 0 })
notice(1 + ($v ? { 2 => 10, default => 0 }))
notice($v + 1 ? { 3 => 'three', default => 'other' })
