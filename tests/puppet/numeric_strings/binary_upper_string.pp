notice('0B11' + 1)
