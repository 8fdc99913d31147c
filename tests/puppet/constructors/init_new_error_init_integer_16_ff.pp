notice(Init[Integer, 16]('ff'))
