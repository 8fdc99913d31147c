notice(Integer('17', 8))
notice(Integer('017', 8))
notice(Integer('-17', 8))
notice(Integer('0', 8))
