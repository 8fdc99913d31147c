$sp = Timespan({days => 2, hours => 3, minutes => 4, seconds => 5, milliseconds => 67})
notice($sp.strftime('%5D|%-5H|%_5M|%05S|%6L|%2N'))
