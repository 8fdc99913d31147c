$ts = Timestamp('2021-03-04T05:06:07.123456789 UTC')
notice($ts.strftime('%L|%N|%3N|%6N|%9N|%12N'))
