$b = Binary([104, 105, 255, 0, 10])
notice(String($b, '%#s'))
notice(String(Binary([195, 169]), '%#s'))
