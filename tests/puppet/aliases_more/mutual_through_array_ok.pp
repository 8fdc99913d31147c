type A = Array[B]
type B = Variant[Integer, A]
notice([1, [2, []]] =~ A)
notice(A)
notice(B)
