type D = Object[{attributes => {a => Integer, d => {type => Integer, kind => derived}}}]
notice(D(1, 2))
