notice(strftime(Timestamp(0), "%F", "Europe/Stockholm"))
