type G = Object[{attributes => {a => Integer, g => {type => Integer, kind => given_or_derived}}}]
notice(G)
notice(G(1, 2))
notice(G(1, 2).g)
