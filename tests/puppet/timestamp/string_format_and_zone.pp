notice(Timestamp("Sunday, 28 August, 2016", "%A, %d %B, %Y", "EST"), Timestamp("2016-09-04 03:04:05", ["%F %T"], "+05:30"), Timestamp("2016-09-04", "%F", "GMT-2"))
