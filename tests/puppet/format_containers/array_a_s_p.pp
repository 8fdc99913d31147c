$a = [1, 'two', 3.0, true, undef, default]
notice(String($a, '%a'))
notice(String($a, '%s'))
notice(String($a, '%p'))
notice(String($a))
notice(String([], '%s'))
