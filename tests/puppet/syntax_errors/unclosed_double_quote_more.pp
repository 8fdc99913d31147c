$x = 1
notice("abc $x)
