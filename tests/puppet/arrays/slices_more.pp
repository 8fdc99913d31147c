$a = [1, 2, 3, 4, 5]
notice($a[1, 2])
notice($a[-2, 2])
notice($a[5, 1])
notice($a[0, 0])
notice($a[3, 10])
notice($a[1, -2])
notice($a[6, 1] =~ Undef)
