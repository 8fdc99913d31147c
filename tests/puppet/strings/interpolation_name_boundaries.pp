$x = 'X'
notice("$x-y")
notice("$x.y")
notice("$x::y")
notice("${x}y")
notice("$x[0]")
notice("$ x")
notice("cost: $5")
