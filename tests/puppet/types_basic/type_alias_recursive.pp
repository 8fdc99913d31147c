type IntegerTree = Array[Variant[Integer, IntegerTree]]
notice([1, [2, [3]]] =~ IntegerTree)
notice([1, ['x']] =~ IntegerTree)
