notice("a ${} b)
