notice(strftime(1))
