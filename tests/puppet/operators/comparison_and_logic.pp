notice(1 < 2 and 2 < 3, 1 > 2 or 2 > 1, !true or true)
