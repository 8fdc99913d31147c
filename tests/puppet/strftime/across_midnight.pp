notice(strftime(Timestamp("2016-12-31T23:30:00 UTC"), "%F %T %j %U %W %V %G", "+01:00"), strftime(Timestamp("2016-01-01T00:30:00 UTC"), "%F %T %j %V %G %g", "EST"))
