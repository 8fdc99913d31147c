type P = Object[{attributes => {x => Integer}}]
type Q = Object[{attributes => {x => Integer}}]
type R = P {attributes => {y => Integer}}
notice(type([P(1), P(2)]))
notice(type([P(1), Q(1)]))
notice(type([P(1), R(1, 2)]))
notice(type({a => P(1)}))
notice(type([P(1), 1]))
notice([P(1), 2] =~ Array[Variant[P, Integer]])
notice(Variant[P, R] == Variant[R, P])
notice(P == P)
notice(P == Q)
