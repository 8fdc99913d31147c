notice(Init[Scalar]('1'))
