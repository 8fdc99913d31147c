$x = undef
notice($x ? { undef => 'is undef', default => 'other' })
