$b = Binary([104, 255])
notice(String($b, '%r'))
