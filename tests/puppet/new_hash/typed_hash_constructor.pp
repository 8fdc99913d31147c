notice(Hash[String, Integer]([a, 1]))
notice(Hash[Integer, String]([[1, a]]))
