$x = produces
