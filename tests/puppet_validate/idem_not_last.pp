1
notice(2)
