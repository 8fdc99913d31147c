notice(Integer('0x10', 8))
