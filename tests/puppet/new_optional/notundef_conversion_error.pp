notice(NotUndef[Integer]('1.5'))
