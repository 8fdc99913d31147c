notice(Timespan('soon'))
