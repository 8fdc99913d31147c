type A = Variant[B, Integer]
type B = Variant[C, String]
type C = Variant[A, Boolean]
notice(1 =~ A)
