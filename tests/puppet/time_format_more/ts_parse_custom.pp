notice(Timestamp('2021-03-04 05:06', '%Y-%m-%d %H:%M'))
notice(Timestamp('04/03/21', '%d/%m/%y'))
