notice(Timestamp("1473150899", "%s"))
