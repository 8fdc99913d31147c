notice(Integer('0b10', 16))
notice(Integer('0b1', 16))
