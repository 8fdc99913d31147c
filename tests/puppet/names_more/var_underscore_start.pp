$_x = 1
notice($_x)
