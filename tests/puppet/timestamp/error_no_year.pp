notice(Timestamp("10:00", "%H:%M"))
