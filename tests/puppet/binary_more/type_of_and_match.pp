$b = Binary('YWJj')
notice(type($b))
notice($b =~ Binary)
notice('YWJj' =~ Binary)
