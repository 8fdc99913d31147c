type A = Object[{parent => B}]
type B = Object[{parent => A}]
notice(A())
