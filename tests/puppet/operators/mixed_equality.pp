notice(1 == 1.0, '1' == 1, 'a' == 'A', [1] == [1.0], undef == false)
