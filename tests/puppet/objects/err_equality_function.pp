type K = Object[{attributes => {a => Integer}, functions => {f => Callable[[], Integer]}, equality => ['f']}]
notice(K)
