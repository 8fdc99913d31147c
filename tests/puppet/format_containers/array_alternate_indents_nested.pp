notice(String([1, [2, 3], 4], '%#a'))
notice(String([1, {a => 1, b => 2}], '%#a'))
notice(String([[1, [2]], 3], '%#a'))
notice(String([1, 2, 3], '%#a'))
