$b = Binary([])
notice($b)
notice(String($b, '%p'))
