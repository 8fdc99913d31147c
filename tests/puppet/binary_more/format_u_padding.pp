$b = Binary([251, 255])
notice(String($b, '%u'))
notice(String($b, '%B'))
notice(String($b, '%b'))
