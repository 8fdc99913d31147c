notice('010' + 1)
notice('0777' * 1)
