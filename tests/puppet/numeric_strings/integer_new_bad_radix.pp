notice(Integer('10', 3))
