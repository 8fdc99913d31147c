type Sub = Object[{parent => Nope, attributes => {a => Integer}}]
notice(Sub(1))
