$a = [1, 2]
notice(String($a, '%<a'))
notice(String($a, '%[a'))
notice(String($a, '%(a'))
notice(String($a, '%{a'))
notice(String($a, '%|a'))
notice(String([], '%(a'))
