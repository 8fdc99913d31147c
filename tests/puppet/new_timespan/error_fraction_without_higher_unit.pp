notice(Timespan('250', '%L'))
