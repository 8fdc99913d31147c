validate_numeric({})
