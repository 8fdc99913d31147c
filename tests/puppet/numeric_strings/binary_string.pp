notice('0b101' + 1)
