notice(String('abc', '%a'))
