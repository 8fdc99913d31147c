$f = { Type => '%#s' }
notice(String(Integer, $f))
notice(String([String], $f))
