type P = Object[{attributes => {x => Integer}, equality_include_type => false}]
type Q = Object[{parent => P}]
notice(P(1) == Q(1))
notice(P)
