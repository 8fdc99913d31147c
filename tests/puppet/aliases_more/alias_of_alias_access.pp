type A = Array
type B = A[Integer]
notice(1)
