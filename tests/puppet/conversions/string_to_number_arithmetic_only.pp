$s = '5'
notice($s + 0)
notice($s == 5)
notice($s * 2 == 10)
