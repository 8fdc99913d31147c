notice('1E2' + 0)
notice('2.5E-1' * 4)
