notice(Timestamp("2015-03-01T11:12:13"), Timestamp("2015-03-01 11:12:13"), Timestamp("2015-03-01 11:12:13.5"), Timestamp("2016-09-04T01:02:03.987654321987 UTC"))
