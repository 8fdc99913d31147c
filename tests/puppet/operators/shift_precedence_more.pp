notice(1 + 1 << 2)
notice(1 << 2 + 1)
notice(16 >> 1 * 2)
