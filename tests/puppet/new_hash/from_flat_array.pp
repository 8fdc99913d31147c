notice(Hash([a, 1, b, 2]))
notice(Hash(['x', [1], 'y', {z => 2}]))
notice(Hash([]))
