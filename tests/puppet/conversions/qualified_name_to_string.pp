notice(foo::bar, "${String}")
