notice(unique([1, 2, 1, 'a', 'a', 'A']), unique('aabbc'))
