notice(Init[Any](1))
