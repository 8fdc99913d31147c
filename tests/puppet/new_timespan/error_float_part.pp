notice(Timespan(1.5, 0, 0, 0))
