$f = { Integer => '%#x', String => '%u' }
notice(String([1, 'a', [2, 'b']], $f))
notice(String({k => 10, s => 'v'}, $f))
