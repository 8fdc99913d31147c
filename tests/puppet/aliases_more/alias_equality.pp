type A = Integer
type B = Integer
notice(A == B)
notice(A == Integer)
notice(Integer == A)
