notice([1, 2] + [3, 4])
notice([1, 2] + 3)
notice([1] + {a => 1})
