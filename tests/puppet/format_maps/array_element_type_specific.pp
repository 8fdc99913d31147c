$f = { Array[Integer] => '%(a', Array[String] => '%<a', Array => '%|a' }
notice(String([1, 2], $f))
notice(String(['a'], $f))
notice(String([1, 'a'], $f))
