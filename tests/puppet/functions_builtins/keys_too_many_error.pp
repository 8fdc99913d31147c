notice(keys({}, 1))
