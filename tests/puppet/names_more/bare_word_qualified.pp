notice(a::b)
