validate_bool("true")
