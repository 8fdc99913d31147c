notice(Binary("YW\nJj", '%B'))
