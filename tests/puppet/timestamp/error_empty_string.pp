notice(Timestamp(""))
