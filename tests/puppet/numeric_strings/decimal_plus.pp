notice('10' + 5)
notice(5 + '10')
notice('10' + '5')
