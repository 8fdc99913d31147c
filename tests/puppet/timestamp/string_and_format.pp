notice(Timestamp("Sunday, 28 August, 2016", "%A, %d %B, %Y"))
