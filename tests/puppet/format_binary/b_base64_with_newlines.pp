$b = Binary('The quick brown fox jumps over the lazy dog, twice over: the quick brown fox', '%s')
notice(String($b, '%b'))
notice(String($b, '%B'))
notice(String(Binary('abc', '%s'), '%#b'))
