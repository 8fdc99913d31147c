notice(dig44("x", ["a"]))
