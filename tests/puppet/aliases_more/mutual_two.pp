notice('before')
type A = B
type B = A
notice(1 =~ A)
