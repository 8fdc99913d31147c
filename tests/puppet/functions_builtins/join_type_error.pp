notice(join(1))
