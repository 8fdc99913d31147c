notice(Timespan('05:07', '%H:%M'))
notice(Timespan(' 5: 7', '%_H:%_M'))
notice(Timespan('5:7', '%-H:%-M'))
