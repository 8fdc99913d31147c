type Sub = Object[{parent => Integer, attributes => {a => Integer}}]
notice(Sub(1))
