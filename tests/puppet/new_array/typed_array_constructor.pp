notice(Array[Integer]([1, 2]))
notice(Array[Tuple[String, Integer]]({a => 1}))
