$t = Timestamp("2016-09-23T13:14:15.123456789 UTC")
notice([$t], {a => $t}, "at $t", "${[$t]}")
