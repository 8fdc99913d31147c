notice(Tuple[Integer, String]([1, 2]))
