notice($a::1)
