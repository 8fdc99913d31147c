$f = { Hash[String, Integer] => '%(h', Hash => '%[h' }
notice(String({a => 1}, $f))
notice(String({a => 'b'}, $f))
notice(String({}, $f))
