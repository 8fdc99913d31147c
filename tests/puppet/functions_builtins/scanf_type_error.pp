notice(scanf(1, "%d"))
