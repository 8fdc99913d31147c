validate_integer(5, 1, 3)
