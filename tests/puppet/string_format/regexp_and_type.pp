notice(String(/a\/b/, '%s'), String(/ab/, '%#s'), String(/ab/), String(Integer[1,2]), String(Integer, '%#s'))
