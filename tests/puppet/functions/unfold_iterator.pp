$a = *[1, 2, 3].reverse_each
notice($a =~ Array)
notice($a)
