notice(Timestamp("2016-09-04", "%4Y-%m-%d"))
