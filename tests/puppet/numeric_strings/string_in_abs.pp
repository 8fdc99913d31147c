notice(abs('-0x10'))
