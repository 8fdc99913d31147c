notice(Init[Integer, 2, 3]('1'))
