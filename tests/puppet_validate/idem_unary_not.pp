!true
notice(1)
