notice(Integer('010', 10))
