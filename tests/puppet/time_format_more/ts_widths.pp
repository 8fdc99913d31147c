$ts = Timestamp('2021-03-04T05:06:07 UTC')
notice($ts.strftime('%10Y|%-10Y|%_10d|%010d|%3j'))
