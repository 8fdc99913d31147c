$ts = Timestamp('2021-03-04T05:06:07 UTC')
notice(String($ts, '%Y/%m/%d'))
notice(String($ts, '%p'))
