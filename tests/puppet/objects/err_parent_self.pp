type A = Object[{parent => A}]
notice(A)
