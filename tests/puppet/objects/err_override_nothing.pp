type Base = Object[{attributes => {a => Integer}}]
type Sub = Object[{parent => Base, attributes => {b => {type => Integer, override => true}}}]
notice(Sub(1, 2))
