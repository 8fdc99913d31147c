$a = [2, 3]
notice([1, *$a, 4])
notice([*$a])
notice([*1])
