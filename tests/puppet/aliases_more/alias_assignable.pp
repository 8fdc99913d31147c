type Small = Integer[0, 5]
notice(Small < Integer)
notice(Integer < Small)
notice(Small <= Integer[0,5])
