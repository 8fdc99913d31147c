notice(Integer[5, 1])
