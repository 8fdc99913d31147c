type E = Object[{attributes => {id => Integer, note => String}, equality => ['id']}]
notice(E(1, 'a') == E(1, 'b'))
notice(E(1, 'a') == E(2, 'a'))
notice(E(1, 'a') != E(1, 'z'))
notice(E)
