type Base = Object[{attributes => {a => {type => Integer, final => true}}}]
type Sub = Object[{parent => Base, attributes => {a => {type => Integer, override => true}}}]
notice(Sub(1))
