$ts = Timestamp('0099-01-02T00:00:00 UTC')
notice($ts.strftime('%Y|%4Y|%-Y|%C|%y'))
