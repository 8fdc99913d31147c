notice(1 / 0)
