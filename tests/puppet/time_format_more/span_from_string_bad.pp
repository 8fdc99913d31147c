notice(Timespan('2 weeks', '%D days'))
