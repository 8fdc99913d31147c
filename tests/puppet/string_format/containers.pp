notice(String([1, 'a', [2]]), String({a => 1}, '%p'), String([], '%a'), String([1, 2], '%<a'), String([1, 2], '%|a'), String({a => 1}, '%(h'), String([1, 2], '% a'), String({a => 1}, '%a'))
