$b = Binary([255, 254])
notice(String($b, '%s'))
