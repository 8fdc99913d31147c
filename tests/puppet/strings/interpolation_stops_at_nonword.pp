$x = 'v'
notice("$x-y $x.y $x:y")
