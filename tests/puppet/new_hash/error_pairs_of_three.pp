notice(Hash([[a, 1, 2]]))
