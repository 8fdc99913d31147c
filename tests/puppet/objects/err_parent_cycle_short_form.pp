type A = B {}
type B = A {}
notice(B())
