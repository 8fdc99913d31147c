notice(Timespan('abc', '%H'))
