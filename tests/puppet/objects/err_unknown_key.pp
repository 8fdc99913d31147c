type T = Object[{attributes => {a => Integer}, colour => 'red'}]
notice(T(1))
