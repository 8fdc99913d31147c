notice(String([1, 2, 3, 4], '%#4a'))
notice(String(['aaa', 'bbb', 'ccc'], '%#10a'))
notice(String(['aaa', 'bbb', 'ccc'], '%#20a'))
notice(String([[1, 2], [3, 4]], '%#3a'))
