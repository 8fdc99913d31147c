notice('ABC' == 'abc', 'a' != 'A', 'é' == 'É')
