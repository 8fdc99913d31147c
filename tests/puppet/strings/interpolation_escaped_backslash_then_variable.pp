$x = 'X'
notice("\\$x")
notice("\\\$x")
notice("\$${x}")
