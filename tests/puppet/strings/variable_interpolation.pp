$name_x = 'world'
notice("hello $name_x")
notice("hello ${name_x}!")
