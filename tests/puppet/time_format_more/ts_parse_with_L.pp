notice(Timestamp('2021-03-04 05:06:07.250', '%Y-%m-%d %H:%M:%S.%L'))
