notice(empty(true))
