notice(Float[0.0, 1.0]('0.5'))
notice(Float[0, 10].new(3))
