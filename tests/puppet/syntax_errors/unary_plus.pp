notice(8 * +4)
