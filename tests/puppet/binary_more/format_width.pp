$b = Binary('abc', '%s')
notice(String($b, '%10s'))
notice(String($b, '%-10s|'))
notice(String($b, '%.2s'))
