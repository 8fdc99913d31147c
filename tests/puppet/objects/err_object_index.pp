type P = Object[{attributes => {x => Integer}}]
notice(P(1)[0])
