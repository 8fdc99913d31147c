# A string coerced to a number by arithmetic, negation and indexing.
notice('2' * 3)
notice(-'4')
notice([1, 2, 3]['1'])
