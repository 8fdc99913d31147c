type K = Object[{attributes => {a => 3}}]
notice(K)
