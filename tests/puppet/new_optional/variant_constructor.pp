notice(Variant[Integer, String]('1'))
