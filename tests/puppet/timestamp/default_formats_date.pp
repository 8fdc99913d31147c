notice(Timestamp("2015-03-01"), Timestamp("-2016-09-04"))
