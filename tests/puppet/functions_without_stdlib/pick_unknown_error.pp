notice(pick(1))
