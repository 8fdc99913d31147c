validate_legacy(String, "validate_string", "a")
validate_legacy("Optional[String]", "validate_string", undef)
notice("ok")
