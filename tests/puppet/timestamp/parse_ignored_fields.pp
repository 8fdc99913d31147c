notice(Timestamp("2016-100", "%Y-%j"), Timestamp("2016 36 0", "%Y %U %w"), Timestamp("2016 Sunday", "%Y %A"))
