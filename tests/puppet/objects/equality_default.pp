type P = Object[{attributes => {x => Integer}}]
type Q = Object[{attributes => {x => Integer}}]
notice(P(1) == P(1))
notice(P(1) == P(2))
notice(P(1) == Q(1))
notice([P(1), P(2)] == [P(1), P(2)])
notice(P(1) in [P(2), P(1)])
