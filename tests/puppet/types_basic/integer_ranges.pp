notice(5 =~ Integer[1, 10], 11 =~ Integer[1, 10], -1 =~ Integer[0, default], 3 =~ Integer[3])
