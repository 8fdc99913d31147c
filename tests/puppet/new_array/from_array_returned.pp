notice(Array([1, 2]))
notice(Array([]))
notice(Array([[1, 2]], false))
