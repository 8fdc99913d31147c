$b = Binary('YWJj')
notice("bin: ${b}")
