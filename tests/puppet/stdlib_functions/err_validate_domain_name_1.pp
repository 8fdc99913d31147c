validate_domain_name(1)
