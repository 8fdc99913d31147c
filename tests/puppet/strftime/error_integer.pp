notice(strftime(1, "%F"))
