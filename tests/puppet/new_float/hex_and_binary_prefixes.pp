notice(Float('0x10'))
notice(Float('0XfF'))
notice(Float('0b11'))
notice(Float('-0x10'))
