$f = ['%H hours', '%M minutes', '%S seconds']
notice(Timespan('2 hours', $f))
notice(Timespan('30 minutes', $f))
notice(Timespan('15 seconds', $f))
