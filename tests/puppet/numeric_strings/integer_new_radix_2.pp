notice(Integer('101', 2))
notice(Integer('0b101', 2))
