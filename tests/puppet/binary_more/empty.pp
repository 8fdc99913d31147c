$b = Binary('')
notice($b)
notice(length($b))
notice(String($b, '%s'))
