notice(Timespan({weeks => 1}))
