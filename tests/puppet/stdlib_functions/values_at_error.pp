notice(values_at([1, 2], 5))
