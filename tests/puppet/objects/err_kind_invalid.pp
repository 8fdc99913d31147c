type K = Object[{attributes => {a => {type => Integer, kind => derivd}}}]
notice(K)
