$sp = Timespan({days => 2, hours => 3, minutes => 4, seconds => 5, milliseconds => 67})
notice($sp.strftime('%Y'))
