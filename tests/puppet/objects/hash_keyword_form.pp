type A = {attributes => {a => Integer}}
type B = Object {attributes => {b => Integer}}
type C = A {attributes => {c => Integer}}
notice(A)
notice(B)
notice(C)
notice(C(1, 2))
