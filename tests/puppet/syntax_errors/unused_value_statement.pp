1 + 1
notice('x')
