notice(Timestamp("2015-03-01T11:12:13", []))
