type Base = Object[{attributes => {a => Integer}}]
type Sub = Object[{parent => Base, attributes => {a => {type => Integer[0, 10], override => true}}}]
notice(Sub)
notice(Sub(3))
notice(Sub(3) =~ Base)
