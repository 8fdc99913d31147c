$f = { Array[Any, 0, 2] => '%(a', Array[Any, 3] => '%<a' }
notice(String([1], $f))
notice(String([1, 2, 3], $f))
notice(String([], $f))
