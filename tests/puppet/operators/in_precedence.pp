notice('a' in ['a'] and true)
notice(!('z' in ['a']))
notice((1 + 1) in [2])
notice([1] + 1 in [1])
