$b = Binary('abc', '%s')
notice(String($b, '%10b|'))
notice(String($b, '%-10B|'))
