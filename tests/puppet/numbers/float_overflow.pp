notice(1e308 * 10)
