notice(1 + 2 == 3)
notice(2 * 3 > 5)
notice(1 + 1 << 1 == 4)
