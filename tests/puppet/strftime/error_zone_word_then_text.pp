notice(strftime(Timestamp(0), "%F", "US Eastern"))
