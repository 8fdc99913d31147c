type Base = Object[{attributes => {a => Integer}}]
type Sub = Object[{parent => Base, attributes => {a => Integer}}]
notice(Sub(1))
