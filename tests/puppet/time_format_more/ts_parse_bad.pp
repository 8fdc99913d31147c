notice(Timestamp('2021-13-04', '%Y-%m-%d'))
