type K = Object[{attributes => {a => {type => Integer, kind => derived, value => 1}}}]
notice(K)
