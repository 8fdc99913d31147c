type A = B
type B = C
type C = Integer[0, 10]
notice(5 =~ A)
notice(11 =~ A)
notice(A)
