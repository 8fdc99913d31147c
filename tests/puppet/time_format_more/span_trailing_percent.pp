$sp = Timespan(1)
notice($sp.strftime('%S%'))
