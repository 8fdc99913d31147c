notice("a ${$x + 1} b)
