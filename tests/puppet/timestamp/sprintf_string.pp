notice(sprintf("%s", Timestamp(1.5)))
