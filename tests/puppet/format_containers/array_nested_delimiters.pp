notice(String([1, [2, [3]]], '%(a'))
notice(String([1, {a => [2]}], '%<a'))
notice(String([[1, 2], [3]], '%|a'))
