notice(range(1, 5, 0))
