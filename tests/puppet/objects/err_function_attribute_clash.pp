type K = Object[{attributes => {a => Integer}, functions => {a => Callable[[], Integer]}}]
notice(K)
