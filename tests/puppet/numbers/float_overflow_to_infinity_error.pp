notice(1e300 * 1e10)
