notice(Timespan('2 days', '%D days'))
notice(Timespan('10:20', '%H:%M'))
