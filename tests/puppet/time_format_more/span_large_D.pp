$sp = Timespan({days => 400})
notice($sp.strftime('%D'))
notice($sp.strftime('%-D|%5D'))
