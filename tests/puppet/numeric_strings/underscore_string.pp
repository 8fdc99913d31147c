notice('1_000' + 1)
