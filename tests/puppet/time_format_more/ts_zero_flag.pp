$ts = Timestamp('2021-03-04T05:06:07 UTC')
notice($ts.strftime('%0e|%0k|%0l|%0d'))
