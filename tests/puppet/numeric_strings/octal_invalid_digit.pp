notice('08' + 1)
