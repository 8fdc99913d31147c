$ts = Timestamp('2021-03-04T05:06:07 UTC')
notice($ts.strftime('%c|%D|%F|%T|%R|%r|%x|%X'))
