notice(0.1 * 3)
notice(1.0 / 3)
notice(2.0 / 3)
notice(1.1 + 2.2)
