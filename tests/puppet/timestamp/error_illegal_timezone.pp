notice(Timestamp("2015-03-01", "%F", "Europe/Stockholm"))
