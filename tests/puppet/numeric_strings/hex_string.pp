notice('0x10' + 1)
notice('0XfF' + 0)
