notice(1 in 1)
notice('a' in undef)
