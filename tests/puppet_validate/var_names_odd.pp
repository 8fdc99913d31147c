notice(\$a::b::1)
notice($::_x)
