notice(Integer('1e2'))
