notice(Timestamp("2016-09-04 25:00", "%F %H:%M"))
