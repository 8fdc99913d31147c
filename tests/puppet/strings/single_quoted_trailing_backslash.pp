notice('ends with \\')
