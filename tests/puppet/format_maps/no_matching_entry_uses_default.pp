$f = { String => '%u' }
notice(String(42, $f))
notice(String([1, 'a'], $f))
