validate_legacy(String, "validate_string", "a")
