notice('10' > '9')
notice('0x10' > 9)
