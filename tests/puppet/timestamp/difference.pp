$t = Timestamp("2016-01-01T00:00:00 UTC")
notice($t - Timestamp("2015-12-31T00:00:00 UTC"), Timestamp("2015-12-31T00:00:00 UTC") - $t, type($t - $t), $t - Timestamp(1451606399.5))
