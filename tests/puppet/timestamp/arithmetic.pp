$t = Timestamp("2016-01-01T00:00:00 UTC")
notice($t + 1, $t + 1.5, $t - 1, $t - 0.25, $t + Timespan(3600), $t - Timespan(60), 1 + $t, Timespan(1) + $t, $t + Timespan("1-00:00:00"))
