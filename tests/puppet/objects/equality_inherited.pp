type A = Object[{attributes => {x => Integer}}]
type B = A {attributes => {y => Integer}}
notice(B(1, 2) == B(1, 2))
notice(B(1, 2) == B(1, 3))
notice(B(1, 2) == A(1))
notice(A(1) == B(1, 2))
