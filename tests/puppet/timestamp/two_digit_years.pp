notice(Timestamp("16-9-4", "%y-%m-%d"), Timestamp("70-1-1", "%y-%m-%d"), Timestamp("68-12-31", "%y-%m-%d"), Timestamp("20 16", "%C %y"), Timestamp("2015-07", "%Y-%m"))
