$x = application
notice($x)
