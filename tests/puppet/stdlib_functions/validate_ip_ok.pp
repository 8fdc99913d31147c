validate_ip_address("10.0.0.1", "::1")
validate_ipv4_address("10.0.0.1")
validate_ipv6_address("fe80::1")
notice("ok")
