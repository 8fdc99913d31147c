notice(intersection([1], 2))
