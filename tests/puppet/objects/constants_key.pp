type C = Object[{attributes => {a => Integer}, constants => {pi => 3.14, tag => 'x'}}]
notice(C)
notice(C(1).pi)
notice(C(1).tag)
notice(C(1))
