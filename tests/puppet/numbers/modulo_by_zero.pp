notice(5 % 0)
