type F = Object[{attributes => {a => Integer}, functions => {double => Callable[[], Integer]}}]
notice(F)
notice(F(2))
