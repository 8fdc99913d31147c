notice(Boolean('1'))
