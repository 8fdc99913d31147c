$sp = Timespan(1)
notice($sp.strftime('%5-S'))
