notice(Integer[1,10] > Integer[2,3], Integer[1,10] > Integer[0,5], Integer[1,10] >= Integer[1,10], Integer == Integer)
