notice('0129' + 1)
