validate_re("abc", "^x", "custom message")
