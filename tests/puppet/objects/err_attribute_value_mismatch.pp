type K = Object[{attributes => {a => {type => Integer, value => 'one'}}}]
notice(K)
