notice(Array(true, false))
