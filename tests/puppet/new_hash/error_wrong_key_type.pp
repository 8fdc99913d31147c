notice(Hash[Integer, Any]([a, 1]))
