notice('0x2' * '0x3')
notice('2' * 2.5)
