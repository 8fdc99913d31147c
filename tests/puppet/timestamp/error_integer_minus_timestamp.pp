notice(1 - Timestamp(0))
