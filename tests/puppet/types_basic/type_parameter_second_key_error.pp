notice(Integer[1, 'a'])
