notice(zip(1, [2]))
