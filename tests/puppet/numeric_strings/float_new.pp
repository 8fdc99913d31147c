notice(Float('0x10'))
notice(Float('1e2'))
notice(Float('010'))
