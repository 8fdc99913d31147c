$a = [1, 2, 3, 4, 5]
notice($a[1, 2])
notice($a[-2, 2])
notice($a[5, 1])
notice($a[1, -2])
notice($a[-7, 3])
