$f = { Scalar => '%#s', Any => '%p' }
notice(String('x', $f))
notice(String(1, $f))
notice(String(undef, $f))
notice(String([1], $f))
