notice('010.5' + 1)
