notice(2 * 3 + 4 - 10 / 2)
notice((2 + 3) * 4)
