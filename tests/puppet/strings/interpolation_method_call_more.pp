$x = 'abc'
notice("${x.upcase}")
notice("${x.length}")
notice("${[3, 1, 2].sort}")
