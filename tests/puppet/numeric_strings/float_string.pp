notice('1.5' + 1)
notice('1e3' + 1)
notice('1.5e-2' * 100)
