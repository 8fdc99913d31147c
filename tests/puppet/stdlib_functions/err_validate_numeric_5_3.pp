validate_numeric(5, 3)
