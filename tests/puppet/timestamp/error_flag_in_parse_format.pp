notice(Timestamp("Friday, 9 February 06:00:00, 2018 EST", "%A, %-d %B %T, %Y %Z"))
