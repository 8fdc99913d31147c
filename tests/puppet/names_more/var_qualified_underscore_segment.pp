notice($a::_b)
