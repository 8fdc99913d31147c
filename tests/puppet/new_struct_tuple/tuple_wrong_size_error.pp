notice(Tuple[Integer, Integer]([1]))
