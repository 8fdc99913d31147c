notice(Timestamp(0) + "a")
