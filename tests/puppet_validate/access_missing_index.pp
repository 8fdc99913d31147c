notice(Integer[])
