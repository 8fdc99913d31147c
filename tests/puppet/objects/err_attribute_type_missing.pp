type K = Object[{attributes => {a => {value => 1}}}]
notice(K)
