$t1 = Integer[1, 10]
$t2 = Hash[String, Array[Integer]]
$t3 = Optional[Enum['a', 'b']]
notice("${t1} ${t2} ${t3}")
notice("${String}")
