validate_legacy(Integer, "validate_string", "a")
