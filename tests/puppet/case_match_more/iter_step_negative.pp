notice(Integer[1, 10].step(-1))
