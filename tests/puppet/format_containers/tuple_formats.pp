$t = Tuple[Integer, String]([1, 'a'])
notice(String($t, '%(a'))
notice(String($t, { Tuple => '%<a' }))
notice(String($t, { Array => '%|a' }))
