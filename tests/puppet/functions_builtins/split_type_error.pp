notice(split(1, 2))
