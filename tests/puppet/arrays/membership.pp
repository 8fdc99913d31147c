notice(2 in [1, 2, 3], 'B' in ['a', 'b'], 5 in [1, 2], /b/ in ['abc'], Integer in ['a', 1])
