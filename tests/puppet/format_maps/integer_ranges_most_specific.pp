$f = { Integer => '%d', Integer[0, 100] => '%#x', Integer[0, 10] => '%#o' }
notice(String(5, $f))
notice(String(50, $f))
notice(String(500, $f))
notice(String(-5, $f))
