$x = undef
notice($x[0])
