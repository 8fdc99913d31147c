$s = 'abc'
notice("${s.length} ${[3, 1, 2].sort}")
