attr(1)
