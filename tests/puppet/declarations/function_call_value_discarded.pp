notice('a') notice('b')
