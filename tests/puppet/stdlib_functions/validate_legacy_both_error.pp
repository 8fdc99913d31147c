validate_legacy(String, "validate_string", 1)
