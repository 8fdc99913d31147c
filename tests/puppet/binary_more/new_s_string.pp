$b = Binary('héllo', '%s')
notice($b)
notice(length($b))
notice(String($b, '%s'))
