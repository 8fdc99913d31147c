$x = 'world'
notice("hello $x")
notice("hello ${x}")
notice("hello ${x}!")
notice("$x$x")
