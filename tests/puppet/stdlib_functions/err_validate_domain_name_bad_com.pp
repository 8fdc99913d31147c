validate_domain_name('-bad-.com')
