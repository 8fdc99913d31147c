validate_string(1)
