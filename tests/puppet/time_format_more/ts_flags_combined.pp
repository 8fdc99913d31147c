$ts = Timestamp('2021-03-04T05:06:07.5 UTC')
notice($ts.strftime('%-3d|%_3d|%03d|%-L|%_6N|%-N'))
