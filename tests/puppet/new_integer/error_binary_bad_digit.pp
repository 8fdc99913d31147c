notice(Integer('0b2'))
