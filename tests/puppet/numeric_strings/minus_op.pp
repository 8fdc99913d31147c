notice('0x20' - '010')
notice('3.5' - 1)
