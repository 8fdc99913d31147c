notice(String('abc', '%5s'), String('abc', '%-5s'), String('abcdef', '%.2s'), String('abc', '%p'), String('abc', '%#p'), String("a'b", '%p'), String('hello::world', '%C'), String('  x  ', '%t'))
