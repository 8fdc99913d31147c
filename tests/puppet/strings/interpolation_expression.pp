$x = [10, 20, 30]
notice("${1 + 2}")
notice("${$x[1]}")
notice("${x[1]}")
notice("${x[-1]}")
