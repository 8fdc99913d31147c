validate_integer(1, 'max')
