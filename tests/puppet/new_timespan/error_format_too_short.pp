notice(Timespan('1', '%'))
