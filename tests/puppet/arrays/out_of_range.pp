$a = [1, 2, 3]
notice($a[10])
notice($a[-10])
