notice(Binary([256]))
