$t = Timespan(90)
notice("${t}", String($t), [$t])
