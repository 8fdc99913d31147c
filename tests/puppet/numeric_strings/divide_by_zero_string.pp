notice('10' / '0')
