$sp = Timespan({days => 1, hours => 2})
notice($sp.strftime('%H'))
notice($sp.strftime('%-H hours'))
