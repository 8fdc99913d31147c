$a1b2 = 1
notice($a1b2)
