validate_re("abc", ["^x", "^y"])
