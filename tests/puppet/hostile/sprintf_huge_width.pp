notice(sprintf('%18446744073709551615d', 1).length)
