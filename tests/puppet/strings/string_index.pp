notice('abc'[1])
notice('abc'[-1])
notice('abcdef'[1,3])
notice('abc'[5])
