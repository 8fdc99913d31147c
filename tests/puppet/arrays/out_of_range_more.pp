$a = [1, 2, 3]
notice($a[3] =~ Undef)
notice($a[-4] =~ Undef)
notice("[${a[10]}]")
