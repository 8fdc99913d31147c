notice(Integer[10, 1])
