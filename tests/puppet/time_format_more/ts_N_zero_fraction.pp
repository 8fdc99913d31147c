$ts = Timestamp('2021-03-04T05:06:07 UTC')
notice($ts.strftime('%L|%N|%3N'))
