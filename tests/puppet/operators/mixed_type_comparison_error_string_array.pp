notice('a' < [1])
