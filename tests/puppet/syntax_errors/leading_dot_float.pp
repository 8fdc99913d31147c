notice(8 * .12)
