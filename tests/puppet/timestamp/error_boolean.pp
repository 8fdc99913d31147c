notice(Timestamp(true))
