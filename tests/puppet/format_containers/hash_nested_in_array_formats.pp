notice(String([{a => 1}, {b => 2}], '%(a'))
notice(String([{a => 1}], { Array => '%<a', Hash => '%(h' }))
notice(String({a => [1, 2]}, { Hash => '%[h', Array => '%(a' }))
