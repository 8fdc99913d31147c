notice($::_x)
