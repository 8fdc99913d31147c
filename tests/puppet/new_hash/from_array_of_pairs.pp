notice(Hash([[a, 1], [b, 2]]))
notice(Hash([[1, one]]))
notice(Hash([[a, 1], [a, 2]]))
