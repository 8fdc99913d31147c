notice(2.0 ** 0.5)
