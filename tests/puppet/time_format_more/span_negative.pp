$sp = Timespan(-3725.5)
notice($sp)
notice($sp.strftime('%H:%M:%S.%L'))
notice($sp.strftime('%-H|%_H'))
