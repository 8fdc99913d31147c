notice("cost $")
notice("a$")
