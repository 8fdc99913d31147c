$b = Binary('x' * 1, '%s')
notice(String(Binary('abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz', '%s'), '%B'))
