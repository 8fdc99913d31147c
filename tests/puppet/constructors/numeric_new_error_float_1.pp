notice(Float([1]))
