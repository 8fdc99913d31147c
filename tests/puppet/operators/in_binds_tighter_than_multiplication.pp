notice(2 * 3 in [6])
