type T = Object[{type_parameters => {v => Integer}, attributes => {v => Integer}}]
notice(T[{w => 1}])
