type A = NotUndef[Integer]
notice(undef =~ A)
notice(1 =~ A)
notice(A)
