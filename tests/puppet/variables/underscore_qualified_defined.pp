$_x = 'set'
notice($_x)
notice($::_x)
