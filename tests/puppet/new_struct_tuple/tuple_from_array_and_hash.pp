$t = Tuple[String, Integer]
notice($t.new([x, 1]))
notice(Tuple[String, Integer](['y', 2]))
notice(Tuple[Tuple[String, Integer]]({k => 5}))
notice(Tuple[Integer, 1, 3]([1, 2]))
notice(Tuple[Integer, String, 1]([1]))
