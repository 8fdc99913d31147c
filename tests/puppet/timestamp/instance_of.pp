$t = Timestamp("2016-01-01T00:00:00 UTC")
notice($t =~ Timestamp, $t =~ Timestamp["2015-01-01", "2017-01-01"], $t =~ Timestamp["2017-01-01"], $t =~ Timestamp[default, "2016-01-01"], $t =~ Timestamp[1451606400, 1451606400.5], 1234 =~ Timestamp, $t =~ Timespan, $t =~ Scalar, $t =~ Data)
