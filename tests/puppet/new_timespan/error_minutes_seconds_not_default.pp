notice(Timespan('90:00'))
