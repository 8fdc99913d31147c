notice(member("a", "a"))
