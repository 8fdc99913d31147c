notice(Timestamp("2016-02-30", "%F"), Timestamp("2016-04-31", "%F"), Timestamp("2016-09-04 24:00", "%F %H:%M"), Timestamp("2016-09-04 23:59:60", "%F %T"))
