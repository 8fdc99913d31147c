notice(String('abc', '%e'))
