notice(min(3, 1, 2), max(3, 1, 2), min(1.5, 2), max('a', 'b'))
