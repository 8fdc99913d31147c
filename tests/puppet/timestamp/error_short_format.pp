notice(Timestamp("2015", "x"))
