notice(String(false, Boolean => '%y'), String([1, 2, 3], Array[Integer, 1, 2] => '%(a', Array[Integer, 3, 4] => '%{a'))
