type T = Object[{type_parameters => {v => Integer}, attributes => {v => Integer}}]
notice(T[1, 2])
