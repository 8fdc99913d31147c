$t = Timestamp("2016-01-01T00:00:00 UTC")
notice(Timestamp[$t, $t], Timestamp[1, 2.5], Timestamp["2015-03-01", default])
