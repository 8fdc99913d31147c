$a = [1, 'two', [3, 4], undef, true]
notice("${a}")
