$x = 8 * +4
notice($x)
