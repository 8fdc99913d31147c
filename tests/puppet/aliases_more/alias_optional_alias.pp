type A = Optional[String]
notice(undef =~ A)
notice(A)
notice(Optional[A])
