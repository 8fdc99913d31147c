$ts = Timestamp('2021-03-04T05:06:07 UTC')
notice($ts.strftime('%10a|%-10a|%_10B|%010B'))
