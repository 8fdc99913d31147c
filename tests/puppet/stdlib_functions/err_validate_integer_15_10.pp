validate_integer(15, 10)
