notice('10' % '3')
notice('0x11' % 5)
