notice(Timespan(1, 2, 3))
