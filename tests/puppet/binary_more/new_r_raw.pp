$b = Binary('abc', '%r')
notice($b)
notice(String($b, '%r'))
