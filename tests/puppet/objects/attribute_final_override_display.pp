type A = Object[{attributes => {a => {type => Integer, final => true}, b => {type => Integer, value => 1}}}]
type B = A {attributes => {b => {type => Integer[0], override => true, value => 2}}}
notice(A)
notice(B)
notice(A(5))
