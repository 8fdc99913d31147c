type K = Object[{attributes => {a => {type => Integer, kind => constant}}}]
notice(K)
