notice(NotUndef[Integer]('0x10'))
notice(NotUndef[Boolean]('no'))
notice(NotUndef[Hash]([a, 1]))
notice(NotUndef[String](true))
