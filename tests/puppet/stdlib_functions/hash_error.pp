notice(hash(["a", 1, "b"]))
