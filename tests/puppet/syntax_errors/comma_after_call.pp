notice(1), 2
