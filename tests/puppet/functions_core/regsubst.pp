notice(regsubst('hello world', 'o', '0'), regsubst('hello world', 'o', '0', 'G'), regsubst('abc', /(b)/, '[\1]'))
