type T = Object[{attributes => {v => Integer}}]
notice(T[1])
