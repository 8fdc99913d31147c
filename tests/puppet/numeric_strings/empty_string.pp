notice('' + 1)
