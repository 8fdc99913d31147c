$t = Timestamp("2016-01-01T00:00:00 UTC")
notice($t / 2)
