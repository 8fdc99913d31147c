$f = { String => '%s', String[4] => '%u', String[0, 1] => '%#s' }
notice(String('ab', $f))
notice(String('abcd', $f))
notice(String('a', $f))
