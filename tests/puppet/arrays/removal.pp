notice([1, 2, 2, 3] - 2)
notice([1, 2, 3, 4] - [2, 4])
notice(['a', 'B'] - ['A'])
notice([1, 2] - [1.0])
