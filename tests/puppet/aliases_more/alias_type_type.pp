type T = Type[Integer]
notice(Integer =~ T)
notice(String =~ T)
notice(T)
