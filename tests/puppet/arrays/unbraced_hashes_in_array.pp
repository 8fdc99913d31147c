notice([1, a => 1, b => 2, 3])
notice([a => 1, b => 2,])
notice([1, a => 1, 2, b => 2])
