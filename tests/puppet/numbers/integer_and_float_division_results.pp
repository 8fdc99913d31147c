notice(1 / 2)
notice(1 / 2.0)
notice(-1 / 2)
notice(9 / 3.0)
