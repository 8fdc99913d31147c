type K = Object[{attributes => {a => {type => Integer, kind => constant, value => 1, final => false}}}]
notice(K)
