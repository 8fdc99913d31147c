notice('0x1.8' + 1)
