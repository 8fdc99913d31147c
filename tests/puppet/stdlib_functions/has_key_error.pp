notice(has_key([1], "a"))
