notice(Integer('1', 10, 3))
