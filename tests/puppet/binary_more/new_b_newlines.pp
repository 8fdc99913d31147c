notice(Binary("YW\nJj", '%b'))
