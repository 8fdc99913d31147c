$ts = Timestamp('2021-03-04T05:06:07.123456789 UTC')
notice($ts.strftime('%1L|%5L|%-L|%_L'))
