validate_numeric('x')
