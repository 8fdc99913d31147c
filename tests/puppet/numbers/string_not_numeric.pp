notice('abc' + 1)
