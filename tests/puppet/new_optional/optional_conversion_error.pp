notice(Optional[Integer]('abc'))
