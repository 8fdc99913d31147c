notice(Integer(10, 16))
notice(Integer(10.7, 2))
notice(Integer(true, 8))
