notice(dig(1, 2))
