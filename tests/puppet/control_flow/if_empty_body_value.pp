$x = if true { }
notice($x =~ Undef)
