type C = Object[{attributes => {a => Integer}, constants => {a => 1}}]
notice(C)
