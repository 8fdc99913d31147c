$b = Binary([104, 105])
notice($b)
notice(String($b, '%s'))
