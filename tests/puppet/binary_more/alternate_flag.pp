$b = Binary('abc', '%s')
notice(String($b, '%#s'))
notice(String($b, '%#p'))
