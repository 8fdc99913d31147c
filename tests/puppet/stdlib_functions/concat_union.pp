notice(concat([1], 2, [3, [4]]))
notice(union([1, 2], [2, 3], [3, 4]))
notice(difference([1, 2, 3, 2], [2]))
notice(intersection([1, 2, 3], [3, 2, 5]))
