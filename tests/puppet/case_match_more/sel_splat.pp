$o = ['a', 'b']
notice('b' ? { *$o => 'found', default => 'no' })
