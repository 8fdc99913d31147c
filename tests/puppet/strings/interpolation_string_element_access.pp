$a = ['one', 'two']
notice("${a[1][0]}")
notice("${a[1][-1]}")
