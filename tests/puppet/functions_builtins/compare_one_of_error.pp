notice(compare(1, "a"))
