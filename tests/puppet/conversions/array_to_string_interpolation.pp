$a = [1, 'two', 3.0, [4, 'five'], undef, true]
notice("${a}")
notice("${[]}")
