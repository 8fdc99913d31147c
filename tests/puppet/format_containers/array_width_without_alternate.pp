notice(String([1, 2], '%10a'))
notice(String([1, 2], '%-10a'))
notice(String([1, 2], '%.3a'))
