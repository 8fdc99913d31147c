notice(Timestamp("2016-09-04 3", "%F %Ez"))
