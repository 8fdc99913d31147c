notice(Array(1))
notice(Array(3))
notice(Array(0))
