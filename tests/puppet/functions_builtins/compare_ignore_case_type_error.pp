notice(compare("a", "b", 1))
