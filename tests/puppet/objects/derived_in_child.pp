type A = Object[{attributes => {x => Integer}}]
type B = A {attributes => {y => {type => Integer, kind => derived}}}
notice(B(1))
notice(B(1) == B(1))
notice(B)
