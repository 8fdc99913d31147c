notice(concat(1, [2]))
