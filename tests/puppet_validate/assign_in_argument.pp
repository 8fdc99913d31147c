notice($x = 1)
