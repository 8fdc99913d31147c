type E = Object[{attributes => {a => Integer}, equality => ['b']}]
notice(E(1))
