notice(String(42, Integer => '%#x'))
notice(String([1, 2], Array => '%(a', Integer => '%b'))
