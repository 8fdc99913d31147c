notice(Optional('1'))
