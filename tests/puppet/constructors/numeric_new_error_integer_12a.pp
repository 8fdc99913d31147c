notice(Integer('12a'))
