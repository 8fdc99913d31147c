notice(String(10, '%5d'), String(10, '%-5d'), String(-10, '%x'), String(-10, '%+x'), String(10, '%#o'), String(10, '%b'), String(-5, '%b'), String(65, '%c'), String(10, '%#s'), String(10, '%e'))
