$b = Binary([251, 255, 191])
notice(String($b, '%u'))
notice(String($b, '%B'))
