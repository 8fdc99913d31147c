type P = Object[{attributes => {x => Integer}}]
type Q = Object[{attributes => {x => Integer}}]
notice(assert_type(P, Q(1)))
