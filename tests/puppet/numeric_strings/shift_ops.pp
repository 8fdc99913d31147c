notice('1' << 4)
notice('0x100' >> '4')
