notice('ten' + 1)
