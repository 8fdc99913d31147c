notice(Optional[Integer[0, 5]]('9'))
