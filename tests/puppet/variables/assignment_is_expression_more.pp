notice($a = 3)
notice($a)
