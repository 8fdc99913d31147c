validate_ipv4_address("::1")
