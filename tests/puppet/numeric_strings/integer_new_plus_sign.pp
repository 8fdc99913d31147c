notice(Integer('+12'))
notice(Integer('-0x1f'))
