$t = Timestamp("2016-01-01T00:00:00 UTC")
notice(type($t), type($t, "generalized"), type($t, "reduced"), type([$t, $t]))
