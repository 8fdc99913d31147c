notice('10' < 9)
notice('10' < '9')
notice('0x10' == 16)
notice('010' == 8)
