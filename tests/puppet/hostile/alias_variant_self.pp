type T = Variant[T, T]
notice(1 =~ T)
