type A = Variant[Integer, B]
type B = Variant[String, C]
notice('x' =~ A)
