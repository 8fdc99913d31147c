notice(Numeric('0x10'))
notice(Numeric('1.5e2'))
notice(Numeric('010'))
