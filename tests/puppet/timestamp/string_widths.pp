$t = Timestamp("2016-09-23T13:14:15.123456789 UTC")
notice("[${String($t, "%40s")}]", "[${String($t, "%-40s")}]", String($t, "%.5s"), String($t, {Timestamp => "%d"}))
