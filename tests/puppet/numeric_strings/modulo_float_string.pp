notice('10.5' % 3)
