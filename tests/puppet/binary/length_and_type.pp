$b = Binary('YWJj')
notice(length($b), $b =~ Binary, type($b), $b == Binary([97, 98, 99]))
