notice('10' / '4')
notice('10.0' / '4')
notice('0x10' / 2)
