type A = NotUndef[A]
notice(1 =~ A)
