$t = Timestamp("2016-09-04T15:04:05 UTC")
notice($t.strftime("%F %T"), $t.strftime("%F %T %z", "PDT"), Timespan(3600).strftime("%H:%M"))
