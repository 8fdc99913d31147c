type A = B
type B = C
type C = A
notice(1 =~ A)
