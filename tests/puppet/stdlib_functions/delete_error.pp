notice(delete(1, 2))
