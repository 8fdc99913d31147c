$a = [[1, 2], [3]]
notice($a + [4])
notice(flatten($a))
notice(size($a))
