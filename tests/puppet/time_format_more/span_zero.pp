$sp = Timespan({days => 2, hours => 3, minutes => 4, seconds => 5, milliseconds => 67})
notice($sp.strftime('%0D|%0H|%0M|%0S|%0L'))
