notice(Integer.new('12'), String(12), Tuple[Integer, String]([1, 'a']), Optional[Integer]('5'))
